/**
 * iPhone photos (HEIC) to JPEG in the browser, so the server only ever receives the formats it
 * accepts (JPEG, PNG, GIF, BMP). The decoder (heic-to, libheif compiled to WebAssembly, about
 * 3 MB) is imported only when a HEIC file is chosen: no page carries it otherwise.
 */
export async function heicToJpeg(file: File, quality: number): Promise<File> {
  const { heicTo } = await import('heic-to');
  const blob = await heicTo({ blob: file, type: 'image/jpeg', quality });
  const base = file.name.replace(/\.[^.]*$/, '') || 'photo';
  return new File([blob], `${base}.jpg`, { type: 'image/jpeg', lastModified: file.lastModified });
}
