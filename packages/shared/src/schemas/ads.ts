import { z } from 'zod';

/** `GET /ads/popup/{id}` (id = branch id): the spec's four fields, texts in the request's language. 204 when none. */
export const popupResponse = z.object({
  id: z.number().int(),
  background_image: z.string(),
  popup_text: z.string(),
  button_text: z.string(),
  redirect_url: z.string(),
});
export type Popup = z.infer<typeof popupResponse>;

/** `GET ads/slider/{id}` (id = branch id). */
export const sliderResponse = z.object({
  slides: z.array(
    z.object({
      id: z.number().int(),
      image: z.string(),
      width: z.number().int(),
      height: z.number().int(),
      title: z.string(),
      redirect_url: z.string().nullable(),
    }),
  ),
});
export type SliderResponse = z.infer<typeof sliderResponse>;
