import { describe, expect, it } from 'vitest';
import { draftOf, draftProblems, fieldErrorsOf, REQUIRED_NAME } from './coupon-draft';

describe("the manager's coupon form", () => {
  it("requires the default language's (Arabic) name, not the English one, and names every problem at once", () => {
    expect(REQUIRED_NAME).toBe('nameAr');
    const blank = draftOf(null);
    expect(draftProblems({ ...blank, nameEn: 'Only English' }, 'en')).toEqual({
      code: 'This field can not be empty',
      nameAr: 'This field can not be empty',
      percent: 'This field can not be empty',
    });
    expect(draftProblems({ ...blank, code: 'FRI', nameAr: 'خصم الجمعة', percent: '10' }, 'ar')).toEqual({});
  });

  it("puts each of the server's field messages under its own field", () => {
    expect(
      fieldErrorsOf({
        code: 'This code is taken',
        'name.ar': 'This field can not be empty',
        percentBasisPoints: 'Too high',
        endsAt: 'This field is empty or wrong',
      }),
    ).toEqual({
      code: 'This code is taken',
      nameAr: 'This field can not be empty',
      percent: 'Too high',
      endsAt: 'This field is empty or wrong',
    });
  });
});
