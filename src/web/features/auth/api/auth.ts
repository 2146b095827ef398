// One function per account call of spec part 1 section 7.
import type { PublicUser } from '#domain/schemas/user.schema';
import { apiJson, apiRequest } from '#web/lib/api-client.ts';

export interface LoginBody {
  email: string;
  password: string;
  rememberMe?: boolean;
}

export interface RegisterBody {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  confirmPassword: string;
  role: 'customer' | 'provider';
  subscriptionPlan?: 'starter' | 'deluxe';
  selectedCategory?: string;
  selectedTasks?: string[];
  selectedRegion?: number;
  termsAccepted: true;
}

export interface MessageResponse {
  message: string;
}

export interface Region {
  id: number;
  name: string;
  state: string;
}

export const login = (body: LoginBody) => apiJson<PublicUser>('POST', '/api/auth/login', body);
export const register = (body: RegisterBody) => apiJson<PublicUser>('POST', '/api/auth/register', body);
export const logout = async (): Promise<void> => {
  await apiRequest('POST', '/api/auth/logout');
};
export const verifyEmail = (token: string) =>
  apiJson<MessageResponse>('GET', `/api/verify-email?token=${encodeURIComponent(token)}`);
export const resendVerification = (email: string) =>
  apiJson<MessageResponse>('POST', '/api/resend-verification', { email });
export const requestPasswordReset = (email: string) =>
  apiJson<MessageResponse>('POST', '/api/auth/request-password-reset', { email });
export const resetPassword = (token: string, password: string) =>
  apiJson<MessageResponse>('POST', '/api/auth/reset-password', { token, password });
