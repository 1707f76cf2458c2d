import { signup } from '@ummahnotify/domain/catalogues/signup';
import { addPageTexts } from '../i18n';
import { startPublicApp } from '../start';
import { ConfirmEmailPage } from './ConfirmEmailPage';

addPageTexts({ signup });
void startPublicApp(ConfirmEmailPage);
