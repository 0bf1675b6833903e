/**
 * The production entry (`npm start`, `npm run serve`: build/server.js). Production mode unless
 * the operator says otherwise, set before Express, React and React Router are loaded: they read
 * NODE_ENV when they load or start (React picks its build, Express its error pages), so setting
 * it in server/index.ts, after its imports, would be too late for some of them.
 */
process.env.NODE_ENV ||= 'production'
await import('./index.ts')
export {}
