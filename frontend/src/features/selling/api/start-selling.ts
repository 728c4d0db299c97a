// `POST /api/users/me/start-selling` (buyers): the same account sells from now on, keeping
// its bookings, wishlist and conversations. Answers the user as they now are, which
// becomes the session's profile, so every page reads the new role at once.
import { mutationOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import type { User } from '@/lib/api/types.ts';
import { userQueryOptions } from '@/lib/auth/get-user.ts';

export function startSelling(): Promise<User> {
  return api<User>('/users/me/start-selling', { method: 'POST' });
}

export function startSellingMutation() {
  return mutationOptions<User>({
    mutationFn: startSelling,
    onSuccess: (user, _variables, _result, { client }) => {
      client.setQueryData(userQueryOptions(user.email).queryKey, user);
    },
  });
}
