import { signup } from '@ummahnotify/domain/catalogues/signup';
import { addPageTexts } from '../i18n';
import { startPublicApp } from '../start';
import { UnsubscribePage } from './UnsubscribePage';

addPageTexts({ signup });
void startPublicApp(UnsubscribePage);
