import { signup } from '@ummahnotify/shared/catalogues/signup';
import { addPageTexts } from '../i18n';
import { startPublicApp } from '../start';
import { UnsubscribePage } from './UnsubscribePage';

addPageTexts({ signup });
void startPublicApp(UnsubscribePage);
