// The import rules of server/modules/README.md and STYLE.md, checked by `npm run check`
// (`npm run boundaries`). ADR 014 says why dependency-cruiser; `no ../ across server folders` is a
// rule about how an import is written, not where it leads, so ESLint keeps that one.

// Tests and their fixtures may reach across (factories seed other modules' tables directly).
const TESTS = '(\\.test\\.tsx?$|/test-support\\.ts$|^server/test/|^client/test/)';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'contracts-import-only-zod',
      comment:
        'contracts/ is shared by the client and the server: it may import zod and other contracts, nothing else.',
      severity: 'error',
      from: { path: '^contracts/', pathNot: TESTS },
      to: { pathNot: ['^contracts/', '(^|/)node_modules/zod/'] },
    },
    {
      name: 'client-not-server',
      comment: 'The client never imports server code; what both need lives in contracts/.',
      severity: 'error',
      from: { path: '^client/' },
      to: { path: '^server/' },
    },
    {
      name: 'server-not-client',
      comment: 'The server never imports client code; what both need lives in contracts/.',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^client/' },
    },
    {
      name: 'feature-not-other-feature',
      comment:
        'A client feature does not import another feature; a route composes them, and shared pieces live in client/lib or client/components.',
      severity: 'error',
      from: { path: '^client/features/([^/]+)/' },
      to: { path: '^client/features/', pathNot: '^client/features/$1/' },
    },
    {
      name: 'shared-client-code-not-features',
      comment: 'client/lib and client/components sit below the features: they never import one.',
      severity: 'error',
      from: { path: '^client/(lib|components)/', pathNot: TESTS },
      to: { path: '^client/features/' },
    },
    {
      name: 'module-not-other-modules-repo',
      comment:
        'A module reaches another module through its service, never its repo: one owner writes each table.',
      severity: 'error',
      from: { path: '^server/modules/([^/]+)/', pathNot: TESTS },
      to: { path: '^server/modules/[^/]+/.+\\.repo\\.ts$', pathNot: '^server/modules/$1/' },
    },
    {
      name: 'outside-not-modules-repo',
      comment:
        "Code outside server/modules (auth, the delivery engine, app wiring) calls a module's service, never its repo.",
      severity: 'error',
      from: { path: '^server/', pathNot: ['^server/modules/', TESTS] },
      to: { path: '^server/modules/.+\\.repo\\.ts$' },
    },
    {
      name: 'not-auth-repos',
      comment: "The auth service's tables are written only by auth's own repos.",
      severity: 'error',
      from: { path: '^server/', pathNot: ['^server/auth/', TESTS] },
      to: { path: '^server/auth/.+\\.repo\\.ts$' },
    },
    {
      name: 'drizzle-only-in-repos',
      comment: 'Only *.repo.ts files and server/db/ touch Drizzle and the table definitions.',
      severity: 'error',
      from: { path: '^server/', pathNot: ['\\.repo\\.ts$', '^server/db/', TESTS] },
      to: { path: ['(^|/)node_modules/drizzle-orm/', '^server/db/schema'] },
    },
    {
      name: 'routes-not-repos',
      comment: 'Routes speak HTTP and make one service call; they never query.',
      severity: 'error',
      from: { path: '\\.routes\\.ts$' },
      to: { path: ['\\.repo\\.ts$', '(^|/)node_modules/drizzle-orm/'] },
    },
    {
      name: 'modules-not-delivery-engine',
      comment:
        'The delivery engine is a worker layer that calls modules through what they export; modules never import it.',
      severity: 'error',
      from: { path: '^server/modules/', pathNot: TESTS },
      to: { path: '^server/delivery/' },
    },
    {
      name: 'llm-vendors-only-in-providers',
      comment: "Only server/ai/providers talk to an LLM vendor's SDK.",
      severity: 'error',
      from: { path: '^server/', pathNot: ['^server/ai/providers/', TESTS] },
      to: { path: '(^|/)node_modules/@ai-sdk/' },
    },
    {
      name: 'ai-only-behind-the-gateway',
      comment:
        'Every AI use goes through server/ai (the gateway): nothing else imports the AI SDK.',
      severity: 'error',
      from: { path: '^(server|client|contracts)/', pathNot: ['^server/ai/', TESTS] },
      to: { path: '(^|/)node_modules/ai/' },
    },
    {
      name: 'no-circular-server',
      comment: 'Server files form a graph built in one order: no import cycles.',
      severity: 'error',
      from: { path: '^server/', pathNot: TESTS },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(dist|data|\\.tmp)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    combinedDependencies: false,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
