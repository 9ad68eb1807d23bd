/**
 * Wrangler's DevTools inspector proxy only with DEVTOOLS=1 (to debug the Worker in DevTools on
 * port PORT + 1000). When on, wrangler 4.86's proxy enables the runtime's Network domain and
 * sends every event, a D1 query's answer included (base64), to wrangler's Node process, which
 * formats it into its debug log under ~/.config/.wrangler/logs, and keeps it in a buffer that
 * only an attached DevTools empties. Measured: ~80 ms of CPU and 32 KB of log per `/dashboard`
 * request, on the cores the browser under test shares (decision 028). Wrangler has no flag for
 * it; it leaves debugging to VS Code when VSCODE_INSPECTOR_OPTIONS is set (its JavaScript debug
 * terminal), which turns the proxy off. Without NODE_OPTIONS' debugger bootloader nothing else
 * reads that variable, and the Worker's console still reaches the terminal.
 */
export function devtoolsEnv(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  if (env.DEVTOOLS === "1") return {};
  return { VSCODE_INSPECTOR_OPTIONS: env.VSCODE_INSPECTOR_OPTIONS || "{}" };
}
