import { render } from 'preact';
import { OptionsApp } from '@/components/options/OptionsApp';
import { connect } from '@/lib/rpc/connect';
import { PORTS } from '@/lib/rpc/api';
import '@/components/options/options.css';

render(<OptionsApp api={connect(PORTS.admin)} />, document.getElementById('app')!);
