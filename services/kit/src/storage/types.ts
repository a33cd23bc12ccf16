import type { Readable } from 'node:stream';

/** One file to store: a stream of known size (uploads are spooled to disk first). */
export type PutInput = { body: Readable | Buffer; size: number; contentType: string };

/**
 * Where uploaded files live (DESIGN §1: one interface, local disk or S3-compatible). Keys are the
 * generated names (`yyyyMMdd/<random>.<ext>`), never a user's file name.
 */
export interface Storage {
  readonly provider: string;
  put(key: string, input: PutInput): Promise<void>;
  /** The file's bytes, or null when there is no such file. */
  read(key: string): Promise<Readable | null>;
  remove(key: string): Promise<void>;
  /** The address a browser reads the file from. */
  urlOf(key: string): string;
}
