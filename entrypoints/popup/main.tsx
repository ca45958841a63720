import { render } from 'preact';
import { browser } from 'wxt/browser';
import { Popup } from '@/components/popup/Popup';
import { connectAdmin } from '@/lib/rpc/connect';
import '@/components/popup/popup.css';

render(<Popup api={connectAdmin()} openOptions={() => void browser.runtime.openOptionsPage()} openTab={(url) => void browser.tabs.create({ url }).then(() => window.close())} />, document.getElementById('app')!);
