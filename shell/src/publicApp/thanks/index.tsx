import { startPublicApp } from '../start';
import { ThanksPage } from './ThanksPage';

void startPublicApp(ThanksPage);
