/** POST /api/v1/auth/register/local/customer: creates a customer account (the role is always customer). */
import { useMutation } from '@tanstack/react-query';
import { post } from '@/lib/api-client';
import type { RegisterRequest } from '@/lib/api-types/RegisterRequest';
import type { UserResponse } from '@/lib/api-types/UserResponse';
import { apiPaths } from '@/lib/api-paths';

export interface RegisterInput {
  username: string;
  password: string;
}

export const register = ({ username, password }: RegisterInput) =>
  post<UserResponse>(apiPaths.authRegister(), { username, password, role: 'customer' } satisfies RegisterRequest);

export const useRegister = () => useMutation({ mutationFn: register });
