/** A plain, accessible HTML body for transactional mails; the text part carries the same words. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function renderMail(subject: string, text: string): string {
  const paragraphs = text
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => `<p style="margin:0 0 12px">${escapeHtml(line)}</p>`)
    .join('');
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1a1a2e;padding:24px"><h2 style="margin:0 0 16px">${escapeHtml(subject)}</h2>${paragraphs}<p style="color:#888;font-size:12px">Card Portal</p></body></html>`;
}
