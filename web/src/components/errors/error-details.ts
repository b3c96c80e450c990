import { isRouteErrorResponse } from 'react-router-dom';

/** What the error page knows about whatever a route threw. */
export type ErrorDetails = {
  message?: string;
  status?: number;
  statusText?: string;
  stack?: string;
  data?: unknown;
};

const stringField = (value: object, key: string): string | undefined => {
  const field: unknown = Reflect.get(value, key);
  return typeof field === 'string' && field !== '' ? field : undefined;
};

/** Turns anything a route can throw (Error, thrown Response, string, object) into details. */
export function describeRouteError(error: unknown): ErrorDetails {
  if (isRouteErrorResponse(error)) {
    const data: unknown = error.data;
    const message =
      typeof data === 'string'
        ? data
        : typeof data === 'object' && data !== null
          ? stringField(data, 'message')
          : undefined;
    return {
      message: message ?? (error.statusText || undefined),
      status: error.status,
      statusText: error.statusText || undefined,
      data: data === undefined || data === message ? undefined : data,
    };
  }
  if (error instanceof Error) return { message: error.message || undefined, stack: error.stack };
  if (typeof error === 'string') return { message: error };
  if (typeof error === 'object' && error !== null) {
    const status: unknown = Reflect.get(error, 'status');
    return {
      message: stringField(error, 'message'),
      status: typeof status === 'number' ? status : undefined,
      statusText: stringField(error, 'statusText'),
      stack: stringField(error, 'stack'),
      data: Reflect.get(error, 'data'),
    };
  }
  return { data: error };
}
