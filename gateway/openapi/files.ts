/** Where the site offers the OpenAPI document and the Postman files (server/developer-files.ts). */
export const developerApiFiles = {
  openApi: { href: '/developers/openapi.json' },
  postmanCollection: {
    href: '/downloads/postman/paystra-sandbox.postman_collection.json',
    fileName: 'paystra-sandbox.postman_collection.json',
  },
  postmanEnvironment: {
    href: '/downloads/postman/paystra-sandbox.postman_environment.json',
    fileName: 'paystra-sandbox.postman_environment.json',
  },
} as const
