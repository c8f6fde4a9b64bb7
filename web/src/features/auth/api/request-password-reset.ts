/** POST /api/v1/auth/password-reset: asks for a reset e-mail (the answer is the same for any address). */
import { useMutation } from '@tanstack/react-query';
import { post } from '@/lib/api-client';
import type { PasswordResetEmailRequest } from '@/lib/api-types/PasswordResetEmailRequest';
import type { SuccessResponse } from '@/lib/api-types/SuccessResponse';

export const requestPasswordReset = (body: PasswordResetEmailRequest) =>
  post<SuccessResponse>('/auth/password-reset', body);

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
