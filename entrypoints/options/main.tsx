import { render } from 'preact';
import { OptionsApp } from '@/components/options/OptionsApp';
import { connectAdmin } from '@/lib/rpc/connect';
import '@/components/options/options.css';

render(<OptionsApp api={connectAdmin()} />, document.getElementById('app')!);
