/**
 * The submitted form, or an empty one when the body cannot be read as a form (no body at all, a
 * multipart body without its boundary, a truncated upload). `request.formData()` throws on those,
 * which would be a 500; with an empty form the action answers as for an empty submit instead: 400,
 * the form shown again with its required-field messages.
 */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData()
  } catch {
    return new FormData()
  }
}
