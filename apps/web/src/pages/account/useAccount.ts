import { useMyInfo } from '../../api/user.ts';

/** The logged-in user's profile for the account screens (the route guard ensures a token). */
export function useAccount() {
  return { me: useMyInfo() };
}
