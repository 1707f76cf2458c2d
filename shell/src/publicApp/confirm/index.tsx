import { signup } from '@ummahnotify/shared/catalogues/signup';
import { addPageTexts } from '../i18n';
import { startPublicApp } from '../start';
import { ConfirmEmailPage } from './ConfirmEmailPage';

addPageTexts({ signup });
void startPublicApp(ConfirmEmailPage);
