import { mount } from 'svelte';
import App from './App.svelte';
import { captureHeadlessToken } from './api/transport.ts';
import './styles.css';

captureHeadlessToken();
const target = document.getElementById('app');
if (!target) throw new Error('index.html has no #app element');
export default mount(App, { target });
