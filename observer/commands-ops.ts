import type { CliSpec } from './command-spec.js';

// The command table's CLIs of operations (observer/command-table.ts): containers, clusters,
// infrastructure, clouds and hosting, forges, system packages and services.

export function opsClis(): Record<string, CliSpec> {
  const KUBE_VALUES =
    '-n --namespace --context --kubeconfig -s --server --cluster --user --token --as --as-group --as-uid --certificate-authority --client-certificate ' +
    '--client-key --tls-server-name --request-timeout --cache-dir --password --username -v --log-file --log-dir --profile --profile-output --vmodule';
  const KUBE_FLAGS = '--insecure-skip-tls-verify --match-server-version --warnings-as-errors --disable-compression -h --help --logtostderr --alsologtostderr';
  const DNF: CliSpec = {
    values: '-c --config --releasever --installroot --setopt --enablerepo --disablerepo --repo -x --exclude -d --debuglevel -e --errorlevel --rpmverbosity',
    flags: '-y --assumeyes -q --quiet -v --verbose -C --cacheonly --refresh --nogpgcheck -h --help --version --best --nobest --allowerasing --skip-broken',
  };
  const APT: CliSpec = {
    values: '-o --option -c --config-file -t --target-release -a --host-architecture',
    flags:
      '-y --yes --assume-yes -q -qq --quiet -s --simulate --dry-run -d --download-only -f --fix-broken --no-install-recommends --install-recommends ' +
      '-V --allow-unauthenticated --reinstall -h --help -v --version --purge --auto-remove -m',
  };
  const TERRAFORM: CliSpec = { values: '-chdir', flags: '-help -version -v -h --help --version' };

  // CLIs whose first operand names what they do (`kubectl get`, `docker build`).
  return {
    docker: {
      values: '--config -c --context -H --host -l --log-level --tlscacert --tlscert --tlskey',
      flags: '-D --debug --tls --tlsverify -v --version -h --help',
    },
    'docker-compose': {
      values: '-f --file -p --project-name --project-directory --env-file --profile -H --host -c --context --log-level --ansi --parallel --progress',
      flags: '--verbose --no-ansi --compatibility --dry-run --all-resources -v --version -h --help',
    },
    podman: {
      values:
        '-c --connection --url --identity --root --runroot --storage-driver --log-level --cgroup-manager --events-backend --runtime --tmpdir ' +
        '--module --network-cmd-path --ssh',
      flags: '-r --remote --syslog -h --help -v --version',
    },
    kubectl: { values: KUBE_VALUES, flags: KUBE_FLAGS },
    oc: { values: KUBE_VALUES, flags: KUBE_FLAGS },
    helm: {
      values:
        '-n --namespace --kube-context --kubeconfig --kube-token --kube-apiserver --kube-as-user --kube-as-group --kube-ca-file --registry-config ' +
        '--repository-cache --repository-config --burst-limit --qps --kube-tls-server-name',
      flags: '--debug --kube-insecure-skip-tls-verify -h --help',
    },
    minikube: { values: '-p --profile --log_dir -v', flags: '--alsologtostderr --logtostderr -h --help' },
    kind: { values: '-v --verbosity', flags: '-q --quiet -h --help' },
    terraform: TERRAFORM,
    tofu: TERRAFORM,
    pulumi: {
      values: '-C --cwd --color --tracing --profiling -v --verbose --memprofilerate',
      flags: '--disable-integrity-checking --emoji -e --logflow --logtostderr --non-interactive -h --help',
    },
    aws: {
      values: '--profile --region --output --endpoint-url --query --ca-bundle --cli-read-timeout --cli-connect-timeout --color --cli-binary-format',
      flags: '--debug --no-verify-ssl --no-paginate --no-sign-request --no-cli-pager --cli-auto-prompt --no-cli-auto-prompt --version',
    },
    gcloud: {
      values:
        '--account --project --configuration --billing-project --impersonate-service-account --verbosity --format --flags-file ' +
        '--access-token-file --trace-token --universe-domain',
      flags: '-q --quiet --log-http --user-output-enabled --no-user-output-enabled -h --help',
    },
    az: { values: '--subscription -o --output --query', flags: '--debug --verbose --only-show-errors -h --help' },
    doctl: {
      values: '-t --access-token -u --api-url -c --config --context -o --output --http-retry-max --http-retry-wait-max --http-retry-wait-min',
      flags: '--trace -v --verbose --interactive -h --help',
    },
    fly: { values: '-t --access-token', flags: '--debug --verbose -h --help' },
    flyctl: { values: '-t --access-token', flags: '--debug --verbose -h --help' },
    vercel: {
      values: '-t --token -S --scope -T --team --cwd -A --local-config -Q --global-config',
      flags: '-d --debug --no-color -y --yes -h --help -v --version',
    },
    netlify: { values: '--auth', flags: '--debug -h --help' },
    firebase: {
      values: '-P --project --account --token -c --config',
      flags: '-j --json --debug --non-interactive -i --interactive -h --help -V --version',
    },
    wrangler: { values: '-c --config -e --env --cwd --env-file', flags: '-h --help -v --version' },
    supabase: {
      values: '--workdir --profile --network-id -o --output --dns-resolver',
      flags: '--debug --experimental --yes --create-ticket -h --help -v --version',
    },
    heroku: {},
    gh: { flags: '--help --version' },
    glab: { flags: '--help -v --version' },
    brew: { flags: '-v --verbose -d --debug -q --quiet -h --help' },
    apt: APT,
    'apt-get': APT,
    dnf: DNF,
    yum: DNF,
    systemctl: {
      values: '-H --host -M --machine -t --type -p --property -s --signal --state --root -n --lines -o --output --kill-whom --job-mode',
      flags:
        '--user --system --global -a --all -l --full -q --quiet --no-block --no-pager --no-legend --now -f --force -r --recursive --failed ' +
        '--runtime --dry-run -h --help --version',
    },
    tmux: { values: '-L -S -f -c -T', flags: '-2 -C -CC -D -l -N -u -v -V' },
    openssl: {},
    ollama: {},
    vault: {},
    nvm: {},
    mise: { scripts: 'run r' },
    asdf: {},
  };
}
