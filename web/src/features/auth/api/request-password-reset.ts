/** POST /api/v1/auth/password-reset: asks for a reset e-mail (the answer is the same for any address). */
import { useMutation } from '@tanstack/react-query';
import { post } from '@/lib/api-client';
import type { PasswordResetEmailRequest } from '@/lib/api-types/PasswordResetEmailRequest';
import type { SuccessResponse } from '@/lib/api-types/SuccessResponse';
import { apiPaths } from '@/lib/api-paths';

export const requestPasswordReset = (body: PasswordResetEmailRequest) =>
  post<SuccessResponse>(apiPaths.authResetRequest(), body);

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
