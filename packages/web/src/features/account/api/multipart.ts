/**
 * A body that is JSON, or multipart/form-data when files come with it: the JSON in the `data` field and each
 * file in its own field (the server's convention for PUT /user and PUT /v2/organization/{id}).
 */
export const MULTIPART_DATA_FIELD = 'data';

/** Files of a request by field name; a missing or null file is not sent. */
export type UploadFiles = { readonly [field: string]: Blob | null | undefined };

export const withFiles = <T extends object>(json: T, files: UploadFiles): T | FormData => {
  const present = Object.entries(files).filter((entry): entry is [string, Blob] => entry[1] instanceof Blob);
  if (present.length === 0) return json;
  const form = new FormData();
  form.append(MULTIPART_DATA_FIELD, JSON.stringify(json));
  for (const [field, file] of present) {
    form.append(field, file, file instanceof File ? file.name : field);
  }
  return form;
};
