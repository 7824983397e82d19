/**
 * Test helpers of the finance pages (imported by tests only); the page, the API stub and reading
 * requests come from the shared testing/utils.
 */

/** The finance pages, as markers beside the page under test (renderPage), to see where it went. */
export const FINANCE_PATHS = ['/FinanceRechargeBank', '/financeAudit', '/financeRecord'];

/** A tiny PNG-looking file (the widget recognises images by their first bytes). */
export function pngFile(name = 'receipt.png'): File {
  const bytes = new Uint8Array(64);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return new File([bytes], name, { type: 'image/png' });
}
