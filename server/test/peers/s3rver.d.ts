// s3rver ships no types; the part the S3 peer uses.
declare module 's3rver' {
  export default class S3rver {
    constructor(options: {
      address?: string;
      port?: number;
      silent?: boolean;
      directory: string;
      configureBuckets?: { name: string }[];
      allowMismatchedSignatures?: boolean;
    });
    run(): Promise<{ port: number }>;
    close(): Promise<void>;
  }
}
