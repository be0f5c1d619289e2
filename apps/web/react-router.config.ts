import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  ssr: true,
  // WEB_BUILD_OUT lets a parallel build write elsewhere than the shared apps/web/build
  // (serve it with WEB_BUILD_DIR pointing at the same directory).
  buildDirectory: process.env.WEB_BUILD_OUT ?? 'build',
  // React Router 8 needs Node 22 (ADR 002). The v8 behaviours are adopted one by one when
  // that upgrade happens; false keeps today's behaviour and says so explicitly.
  future: {
    v8_middleware: false,
    v8_splitRouteModules: false,
    v8_viteEnvironmentApi: false,
    v8_passThroughRequests: false,
    v8_trailingSlashAwareDataRequests: false,
  },
} satisfies Config;
