/**
 * The uploaded import file, checked before any spreadsheet code reads it: its size, its content (an
 * .xlsx is a zip archive, so it starts with the local-file signature `PK\x03\x04`; the name and the
 * claimed type are never read), and what it would expand to. The spreadsheet reader inflates the
 * whole archive in memory, so a small file that expands to gigabytes (a "zip bomb") is refused by
 * the sizes the archive's own central directory declares.
 */
import { AppError, fail } from '../../../lib/errors';

/** A filled 500-row template is about 30 KB; this leaves room for files saved by any spreadsheet program. */
export const IMPORT_MAX_BYTES = 200 * 1024;
/** Uncompressed bytes of all the archive's parts together. */
export const IMPORT_MAX_EXPANDED_BYTES = 20 * 1024 * 1024;
const IMPORT_MAX_PARTS = 200;

const LOCAL_FILE_SIGNATURE = 0x04034b50;
const END_OF_DIRECTORY_SIGNATURE = 0x06054b50;
const DIRECTORY_ENTRY_SIGNATURE = 0x02014b50;
const END_OF_DIRECTORY_SIZE = 22;
const MAX_COMMENT = 0xffff;

function unreadable(): AppError {
  return fail.badRequest('server:cardOpen.import.unreadable');
}

function tooLarge(): AppError {
  return new AppError(413, 'server:cardOpen.import.tooLarge', null, { kb: IMPORT_MAX_BYTES / 1024 });
}

/** The bytes of the file, once it is known to be a zip archive of a sensible size. */
export async function readImportFile(file: File): Promise<Buffer> {
  if (file.size > IMPORT_MAX_BYTES) throw tooLarge();
  const bytes = Buffer.from(await file.arrayBuffer());
  if (bytes.length > IMPORT_MAX_BYTES) throw tooLarge();
  if (bytes.length < 4 || bytes.readUInt32LE(0) !== LOCAL_FILE_SIGNATURE)
    throw fail.badRequest('server:cardOpen.import.notXlsx');
  checkExpandedSize(bytes);
  return bytes;
}

/** Adds up the uncompressed sizes in the central directory; ZIP64 archives are not spreadsheets we wrote. */
export function checkExpandedSize(bytes: Buffer): void {
  const end = findEndOfDirectory(bytes);
  const entries = bytes.readUInt16LE(end + 10);
  const directoryOffset = bytes.readUInt32LE(end + 16);
  if (entries === 0 || entries > IMPORT_MAX_PARTS) throw unreadable();
  let offset = directoryOffset;
  let expanded = 0;
  for (let i = 0; i < entries; i++) {
    if (offset + 46 > bytes.length || bytes.readUInt32LE(offset) !== DIRECTORY_ENTRY_SIGNATURE)
      throw unreadable();
    const size = bytes.readUInt32LE(offset + 24);
    if (size === 0xffffffff) throw unreadable();
    expanded += size;
    if (expanded > IMPORT_MAX_EXPANDED_BYTES) throw tooLarge();
    offset +=
      46 +
      bytes.readUInt16LE(offset + 28) +
      bytes.readUInt16LE(offset + 30) +
      bytes.readUInt16LE(offset + 32);
  }
}

function findEndOfDirectory(bytes: Buffer): number {
  const lowest = Math.max(0, bytes.length - END_OF_DIRECTORY_SIZE - MAX_COMMENT);
  for (let at = bytes.length - END_OF_DIRECTORY_SIZE; at >= lowest; at--)
    if (bytes.readUInt32LE(at) === END_OF_DIRECTORY_SIGNATURE) return at;
  throw unreadable();
}
