/** Every kit language, in the order the site lists them. */
import type { KitLanguage, LanguageId } from './harness/types.ts'

export const kitLanguageIds: LanguageId[] = ['php', 'python', 'java', 'nodejs', 'ruby']

/** Each language describes itself in kits/<id>/kit.ts (default or named export). */
export async function loadKitLanguage(id: LanguageId): Promise<KitLanguage> {
  const module = (await import(`./${id}/kit.ts`)) as Record<string, unknown>
  const language = [module.default, ...Object.values(module)].find(
    (value): value is KitLanguage => (value as KitLanguage | undefined)?.id === id,
  )
  if (!language) throw new Error(`kits/${id}/kit.ts exports no KitLanguage with id "${id}"`)
  return language
}
