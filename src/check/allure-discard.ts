/**
 * Setup file of a run whose Allure results nobody reads: the kill matrix runs
 * every check under every fault, some forty thousand times, and judges them
 * by their state and test meta alone. Without this, every label, parameter
 * and attached exchange of every check is serialised to the main process
 * for nothing, a large share of the matrix's CPU and wall time.
 * The checks still call Allure as they always do; the messages go nowhere.
 */
import { MessageTestRuntime, setGlobalTestRuntime } from 'allure-js-commons/sdk/runtime';

class DiscardingRuntime extends MessageTestRuntime {
  async sendMessage(): Promise<void> {}
}

setGlobalTestRuntime(new DiscardingRuntime());
