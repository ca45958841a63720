import { render } from 'preact';
import { browser } from 'wxt/browser';
import { Popup } from '@/components/popup/Popup';
import { connect } from '@/lib/rpc/connect';
import { PORTS } from '@/lib/rpc/api';
import '@/components/popup/popup.css';

render(
  <Popup
    api={connect(PORTS.admin)}
    openOptions={() => void browser.runtime.openOptionsPage()}
    openTab={(url) => void browser.tabs.create({ url }).then(() => window.close())}
  />,
  document.getElementById('app')!,
);
