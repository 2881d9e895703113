/** writes cert.pem and key.pem into `dir` and answers their paths */
export function selfSignedCert(dir: string): { cert: string; key: string };
