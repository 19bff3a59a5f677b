import { useMyInfo } from '../../api/user.ts';
import { useSession } from '../../auth/session.ts';

/** The logged-in user's profile for the account screens (the route guard ensures a token). */
export function useAccount() {
  const { token } = useSession();
  return { token, me: useMyInfo(token) };
}
