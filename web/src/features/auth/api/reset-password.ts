/** PATCH /api/v1/auth/password-reset: sets a new password with a reset token. */
import { useMutation } from '@tanstack/react-query';
import { patch } from '@/lib/api-client';
import type { PasswordResetRequest } from '@/lib/api-types/PasswordResetRequest';
import type { SuccessResponse } from '@/lib/api-types/SuccessResponse';
import { apiPaths } from '@/lib/api-paths';

export const resetPassword = (body: PasswordResetRequest) => patch<SuccessResponse>(apiPaths.authResetApply(), body);

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
