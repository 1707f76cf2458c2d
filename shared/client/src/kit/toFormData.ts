/** A multipart body (docs/product/api.md): every given field as text, and the image file when there is one. */
export function toFormData(fields: Record<string, unknown>, image?: File): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined && value !== null) form.append(key, String(value));
  }
  if (image) form.append('image', image, image.name);
  return form;
}
