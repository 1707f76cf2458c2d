/**
 * @ummahnotify/client: the browser client that every dashboard page needs (API client, auth
 * store, translations, providers, toasts, language switch), loaded once per page as a Module Federation
 * singleton by the shell and every remote. What only the dashboard's sections use is in
 * `@ummahnotify/client/section`, a singleton of its own, so the public pages never download it.
 */
import './loadCounter';

export { api, setApiBaseUrl } from './api';
export { type AuthState, type SessionUser, useAuthStore } from './authStore';
export {
  currentLanguage,
  i18n,
  LANGUAGE_STORAGE_KEY,
  type OwnCatalogues,
  registerCatalogues,
  registerOwnCatalogues,
  setLanguage,
  useOwnCatalogues,
} from './i18n';
export { type ApiProblem, readApiProblem } from './kit/apiProblem';
// Also in the sections' kit (shared/client/section); here because the public sign-up pages read refusals too.
export { useSectionText } from './kit/useSectionText';
export { createQueryClient } from './queryClient';
export { AppProviders } from './ui/AppProviders';
export { LanguageSwitch } from './ui/LanguageSwitch';
export { FONT_STACK } from './ui/theme';
export { useIsMobile } from './ui/useIsMobile';
export { useToast } from './ui/useToast';
