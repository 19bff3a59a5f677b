import type { DownloadedFile } from '../../api/client.ts';

/**
 * Saves a downloaded file (a console template or export) through an object URL: the call needed
 * the token header, so a plain link cannot fetch it. The server's name wins over `fallbackName`.
 */
export function saveDownloadedFile(file: DownloadedFile, fallbackName: string): void {
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.filename ?? fallbackName;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click ran; give it a moment before revoking.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
