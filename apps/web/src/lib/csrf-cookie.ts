/**
 * GET /sanctum/csrf-cookie (spec 7): the server sets the XSRF-TOKEN cookie that apiSend echoes as
 * X-XSRF-TOKEN. Made on app start and before register; a failure is only logged (the spec), since the
 * request that needed the token will say so itself.
 */
export async function fetchCsrfCookie(): Promise<void> {
  try {
    const response = await fetch('/sanctum/csrf-cookie', {
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
      credentials: 'same-origin',
    });
    if (!response.ok) console.warn(`The CSRF cookie request failed with status ${response.status}.`);
  } catch (error) {
    console.warn('The CSRF cookie request failed.', error);
  }
}
