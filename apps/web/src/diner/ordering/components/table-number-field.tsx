import { FormField } from '../../../components/ui/form-field';
import { useTranslation } from '../../../lib/use-translation';
import { setTableNumber } from '../../../stores/cart-slice';
import { useAppDispatch, useAppSelector } from '../../../stores/root-state';

/** Dine-in from a counter QR at a branch with tables: the number on the diner's table. */
export function TableNumberField({
  error,
  onError,
}: {
  error: string | null;
  onError: (message: string | null) => void;
}) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const value = useAppSelector((s) => s.cart.tableNumber) ?? '';
  return (
    <section className="section" aria-labelledby="table-number-heading" data-testid="table-number">
      <h2 id="table-number-heading">{t('ordering.yourTable')}</h2>
      <FormField
        id="table-number"
        label={t('ordering.tableNumberLabel')}
        hint={t('ordering.tableNumberHint')}
        error={error}
      >
        {(control) => (
          <input
            {...control}
            className="input"
            type="text"
            autoComplete="off"
            maxLength={20}
            value={value}
            onChange={(event) => {
              dispatch(setTableNumber(event.target.value));
              if (event.target.value.trim()) onError(null);
            }}
          />
        )}
      </FormField>
    </section>
  );
}
