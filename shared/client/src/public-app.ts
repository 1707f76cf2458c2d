/**
 * @ummahnotify/client/public-app: the parts of the client the light public app (shell/src/publicApp) and the
 * static pages' scripts (public-pages/src/browser) take one by one, without the federated entry (index.ts: the i18n instance, the providers, antd's toasts). That build marks
 * these modules free of side effects, so a page gets only the functions it calls.
 */
export { api, setApiBaseUrl } from './api';
export { DEFAULT_APP_CONFIG, loadAppConfig, parseAppConfig } from './appConfig';
export { type ApiProblem, answerProblem, readApiProblem, unansweredProblem } from './kit/apiProblem';
export { sectionText } from './kit/useSectionText';
export { LANGUAGE_STORAGE_KEY, readStoredLanguage, rememberLanguage } from './languageStorage';
export { createQueryClient } from './queryClient';
export { theme } from './ui/theme';
export { useIsMobile } from './ui/useIsMobile';
