import type { Language } from '@sufra/shared/language';
import type { FavouritesResponse } from '@sufra/shared/schemas/customer';
import { customerRequest, enc } from '../../../lib/customer-request';

/** The signed-in diner's favourite dishes, kept on the server (loaded only for a signed-in diner: not in the entry). */
const favouritesPath = (uuid: string) => `/customers/${enc(uuid)}/me/favourites/`;

export async function getFavourites(uuid: string, language: Language): Promise<number[]> {
  return (await customerRequest<FavouritesResponse>(uuid, favouritesPath(uuid), { language })).itemIds;
}

export async function setFavourite(uuid: string, itemId: number, on: boolean, language: Language): Promise<number[]> {
  const path = `${favouritesPath(uuid)}${itemId}/`;
  const method = on ? 'PUT' : 'DELETE';
  return (await customerRequest<FavouritesResponse>(uuid, path, { language, method })).itemIds;
}
