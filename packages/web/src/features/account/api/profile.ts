/** PUT /user (spec §7): the caller's own profile, JSON or multipart with the logo (png, jpeg or pdf, §5). */
import type { TProfileUpdate } from '@beacon/domain/validation/user-form';
import { api } from '../../../api/client';
import { withFiles } from './multipart';

export const updateProfile = async (changes: TProfileUpdate, logo: File | null): Promise<void> => {
  await api<unknown>('/user', { method: 'PUT', body: withFiles(changes, { logo }) });
};
