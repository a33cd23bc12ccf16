import type { Readable } from 'node:stream';

/** One file to store: a stream of known size (uploads are spooled to disk first). */
/** Inclusive byte positions, as in an HTTP Range header. */
export type ByteRange = { start: number; end: number };

export type PutInput = { body: Readable | Buffer; size: number; contentType: string };

/**
 * Where uploaded files live (DESIGN §1: one interface, local disk or S3-compatible). Keys are the
 * generated names (`yyyyMMdd/<random>.<ext>`), never a user's file name.
 */
export interface Storage {
  readonly provider: string;
  put(key: string, input: PutInput): Promise<void>;
  /** The file's bytes (or bytes `start`..`end`, both included), or null when there is no such file. */
  read(key: string, range?: ByteRange): Promise<Readable | null>;
  /** The file's size in bytes, or null when there is no such file (a media route answers Range requests with it). */
  size(key: string): Promise<number | null>;
  remove(key: string): Promise<void>;
  /** The address a browser reads the file from. */
  urlOf(key: string): string;
}
