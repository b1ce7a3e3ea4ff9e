import { apiUrl } from '#domain/endpoints/define';
import { userEndpoints } from '#domain/endpoints/users';

/** The face picture of a user (product §2): a redirect to it, or a generated default avatar. */
export function faceplateUrl(handle: string): string {
  return apiUrl(userEndpoints.faceplate, { params: { handle } });
}
