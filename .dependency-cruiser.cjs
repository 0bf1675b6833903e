/**
 * The floors of the repository, enforced (docs/architecture.md#floors). Each floor imports only
 * the floors below it:
 *
 *   core      pure rules shared by everyone: brand, pricing and fees, GST, the gateway protocol, form
 *             rules, and the one PDF frame (which reads its fonts from npm packages, nothing else)
 *   jobs      the background-work building blocks: the worker loop, scheduled work under a lock
 *   gateway   the sandbox gateway, which can run alone
 *   app       the site: routes, components, content, guides
 *   server    the Node entry, APIs, demo merchant, mail, data
 *   scripts   build steps (scripts/build) and operator commands (scripts/operator)
 *
 * kits/ (the harness that runs every kit against the sandbox) and tests/ sit beside the product
 * and may import any of it; nothing in the product imports them. A test in a floor is held to
 * that floor: it imports what its floor may, plus tests/support and tests/fixtures, so each floor
 * can be tested alone. A test that needs a higher floor belongs to that floor or to tests/.
 */
const floors = ['core', 'jobs', 'gateway', 'app', 'server', 'scripts']
const below = (floor) => floors.slice(0, floors.indexOf(floor))
const product = `^(${floors.join('|')})/`
const testFile = '\\.(test|spec|property\\.test)\\.(ts|tsx)$'
const testSupport = '^tests/(support|fixtures)/'

const upwards = floors.map((floor) => {
  const allowed = [floor, ...below(floor)]
  const forbidden = floors.filter((other) => !allowed.includes(other))
  return {
    name: `${floor}-imports-only-below`,
    comment:
      `${floor}/ (its tests too) may import only ${allowed.join(', ')}` +
      (forbidden.length ? `; not ${forbidden.join(', ')}` : '') +
      ', nothing from kits/ or tools/, and nothing from tests/ outside its tests.',
    severity: 'error',
    from: { path: `^${floor}/` },
    to: { path: `^(${[...forbidden, 'kits', 'tools'].join('|')})/` },
  }
})

module.exports = {
  forbidden: [
    ...upwards,
    {
      name: 'product-never-imports-tests',
      comment:
        'The product never imports tests/; its tests import tests/support and tests/fixtures.',
      severity: 'error',
      from: { path: product, pathNot: testFile },
      to: { path: '^tests/' },
    },
    {
      name: 'tests-import-support-only',
      comment:
        'Outside tests/, a test may import tests/support and tests/fixtures, nothing else of tests/.',
      severity: 'error',
      from: { path: `${product}.*${testFile}` },
      to: { path: '^tests/', pathNot: testSupport },
    },
    {
      name: 'product-never-imports-tools',
      comment:
        'The measuring tools (tools/) measure the product; the product never depends on them.',
      severity: 'error',
      from: { path: `${product}|^kits/|^tests/` },
      to: { path: '^tools/' },
    },
    {
      name: 'build-never-imports-operator',
      comment: 'Build steps make the site; operator commands run against a deployed one.',
      severity: 'error',
      from: { path: '^scripts/build/' },
      to: { path: '^scripts/operator/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: {
      path: '^(build|data|node_modules|\\.react-router)/|^kits/[^/]+/(out|vendor)/|^tools/node_modules/',
    },
    includeOnly: { path: '^(core|jobs|gateway|app|server|scripts|kits|tests|tools)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
      mainFields: ['module', 'main', 'types'],
    },
    reporterOptions: {
      archi: {
        collapsePattern:
          '^(core|jobs|gateway|app|server|scripts/build|scripts/operator|kits|tests|tools)/',
      },
      dot: {
        collapsePattern:
          '^(core|jobs|gateway|app|server|scripts/build|scripts/operator|kits|tests|tools)/',
      },
    },
  },
}
