// The blank page's own configuration. Its root is this folder (bench/lighthouse.ts links node_modules
// into it): without that, Next takes the repository as the project and builds 拾阅's next.config.ts and
// instrumentation.ts into the blank page.
const config = { turbopack: { root: import.meta.dirname } };
export default config;
