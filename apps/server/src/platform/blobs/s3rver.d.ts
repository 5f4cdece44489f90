/** The parts of s3rver (fake S3 server, tests only) that the tests use; it ships no types. */
declare module "s3rver" {
  type Options = {
    port?: number;
    address?: string;
    silent?: boolean;
    directory?: string;
    configureBuckets?: { name: string; configs: (string | Buffer)[] }[];
  };
  export default class S3rver {
    constructor(options?: Options);
    run(): Promise<unknown>;
    close(): Promise<void>;
  }
}
