// @vitest-environment happy-dom
import Module from 'node:module';
import { it } from 'vitest';
const load = (Module as any)._load;
(Module as any)._load = function (request: string, parent: any, ...rest: unknown[]) {
  if (/^react(-dom)?(\/|$)/.test(request)) console.log('REQUIRE', request, 'from', parent?.filename);
  return load.call(this, request, parent, ...rest);
};
it('x', async () => {
  const { renderWithApp } = await import('./render');
  try { await renderWithApp('hello' as never); console.log('OK'); } catch (e) { console.log('ERR', String(e)); }
});
