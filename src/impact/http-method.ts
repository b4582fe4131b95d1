import { httpMethods, type HttpMethod } from '../catalog/index.ts';

/** `get` → `GET`; undefined for a method the platform's APIs do not use (HEAD, OPTIONS, …). */
export function toHttpMethod(value: string): HttpMethod | undefined {
  const upper = value.toUpperCase();
  return httpMethods.find((method) => method === upper);
}
