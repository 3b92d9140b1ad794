#!/usr/bin/env bash
# A one-node SLURM cluster on this machine, with accounting (slurmdbd on MariaDB) so that `sacct`
# lists every job. For trying workflow/profiles/slurm locally and for tests/test_slurm.py.
#
#   tests/slurm/one_node_cluster.sh start [STATE_DIR]   # installs the packages if missing (Debian, root)
#   tests/slurm/one_node_cluster.sh stop  [STATE_DIR]
#
# Everything lives in STATE_DIR (default /tmp/mavl-slurm). Outside it, the script links
# /etc/slurm/slurm.conf and /etc/slurm/slurmdbd.conf to its own files (srun inside a job reads the
# default path: snakemake's job step drops SLURM_CONF) and refuses to replace a real configuration
# there; it also starts munged on its default socket. `start` prints `export SLURM_CONF=...`.
set -euo pipefail
action=${1:?start or stop}
state=${2:-/tmp/mavl-slurm}
conf=$state/etc/slurm.conf
log() { echo "[one_node_cluster] $*" >&2; }

stop() {
  for name in slurm.conf slurmdbd.conf; do
    [[ -L /etc/slurm/$name && $(readlink "/etc/slurm/$name") == "$state/etc/$name" ]] && rm -f "/etc/slurm/$name"
  done
  for daemon in slurmd slurmctld slurmdbd; do
    [[ -f $state/$daemon.pid ]] && kill "$(cat "$state/$daemon.pid")" 2>/dev/null || true
  done
  [[ -f $state/db/mariadb.pid ]] && kill "$(cat "$state/db/mariadb.pid")" 2>/dev/null || true
  [[ -f $state/munged.pid ]] && kill "$(cat "$state/munged.pid")" 2>/dev/null || true
  sleep 2
}

if [[ $action == stop ]]; then stop; exit 0; fi
[[ $action == start ]] || { echo "usage: $0 start|stop [STATE_DIR]" >&2; exit 2; }

# A cluster this script started from another state folder is stopped first (one per machine).
if [[ -L /etc/slurm/slurm.conf ]]; then
  previous=$(dirname "$(dirname "$(readlink /etc/slurm/slurm.conf)")")
  [[ $previous == "$state" ]] || "$0" stop "$previous"
fi

need=()
for cmd in slurmctld slurmd slurmdbd munged mariadbd sacct; do command -v "$cmd" >/dev/null || need+=("$cmd"); done
if (( ${#need[@]} )); then
  [[ $(id -u) == 0 ]] || { echo "missing ${need[*]}; install slurm-wlm slurmdbd munge mariadb-server as root" >&2; exit 3; }
  log "installing slurm-wlm slurmdbd munge mariadb-server"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q slurm-wlm slurmdbd munge mariadb-server >&2
fi
[[ $(id -u) == 0 ]] || { echo "the one-node cluster runs its daemons as root" >&2; exit 3; }

stop
rm -rf "$state"
mkdir -p "$state"/{etc,ctld,spool,db,munge,run}
host=$(hostname -s)
cpus=$(nproc)
mem=$(( $(awk '/MemTotal/ {print int($2 / 1024)}' /proc/meminfo) - 1024 ))

# munge: the key the package made, the default socket (every SLURM daemon and command finds it).
[[ -s /etc/munge/munge.key ]] || mungekey --create --keyfile /etc/munge/munge.key >&2
chmod 400 /etc/munge/munge.key
mkdir -p /run/munge
munged --force --pid-file "$state/munged.pid" --seed-file "$state/munge/seed" \
  --log-file "$state/munge/munged.log"

# MariaDB for slurmdbd.
mariadb-install-db --datadir="$state/db" --user=root --auth-root-authentication-method=normal >/dev/null 2>&1
setsid mariadbd --datadir="$state/db" --socket="$state/db/mysql.sock" --pid-file="$state/db/mariadb.pid" \
  --user=root --bind-address=127.0.0.1 --port=3306 --log-error="$state/db/error.log" \
  </dev/null >/dev/null 2>&1 &
for _ in $(seq 120); do [[ -S $state/db/mysql.sock ]] && break; sleep 0.5; done
[[ -S $state/db/mysql.sock ]] || { log "MariaDB did not start; see $state/db/error.log"; exit 1; }
mariadb --socket="$state/db/mysql.sock" -uroot -e \
  "CREATE USER IF NOT EXISTS 'slurm'@'localhost' IDENTIFIED BY 'slurm';
   CREATE USER IF NOT EXISTS 'slurm'@'127.0.0.1' IDENTIFIED BY 'slurm';
   GRANT ALL ON slurm_acct_db.* TO 'slurm'@'localhost';
   GRANT ALL ON slurm_acct_db.* TO 'slurm'@'127.0.0.1';"

cat > "$state/etc/slurmdbd.conf" <<CONF
AuthType=auth/munge
DbdHost=localhost
SlurmUser=root
StorageType=accounting_storage/mysql
StorageHost=127.0.0.1
StoragePort=3306
StorageUser=slurm
StoragePass=slurm
StorageLoc=slurm_acct_db
LogFile=$state/slurmdbd.log
PidFile=$state/slurmdbd.pid
CONF
chmod 600 "$state/etc/slurmdbd.conf"

cat > "$conf" <<CONF
ClusterName=mavl
SlurmctldHost=$host
SlurmUser=root
AuthType=auth/munge
CryptoType=crypto/munge
StateSaveLocation=$state/ctld
SlurmdSpoolDir=$state/spool
SlurmctldPidFile=$state/slurmctld.pid
SlurmdPidFile=$state/slurmd.pid
SlurmctldLogFile=$state/slurmctld.log
SlurmdLogFile=$state/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core_Memory
SchedulerType=sched/backfill
ReturnToService=2
MpiDefault=none
JobAcctGatherType=jobacct_gather/linux
AccountingStorageType=accounting_storage/slurmdbd
AccountingStorageHost=localhost
MinJobAge=600
KillWait=5
NodeName=$host CPUs=$cpus RealMemory=$mem State=UNKNOWN
PartitionName=main Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
for name in slurm.conf slurmdbd.conf; do
  target=/etc/slurm/$name
  if [[ -e $target && ! -L $target ]]; then
    echo "$target exists and is not ours: this machine has a SLURM configuration; not replacing it" >&2
    exit 4
  fi
  ln -sfn "$state/etc/$name" "$target"
done
export SLURM_CONF=$conf

slurmdbd </dev/null >/dev/null 2>&1
for _ in $(seq 60); do sacctmgr -i list cluster >/dev/null 2>&1 && break; sleep 0.5; done
sacctmgr -i add cluster mavl >/dev/null 2>&1 || true
sacctmgr -i add account mavl Cluster=mavl Description=mavl Organization=mavl >/dev/null 2>&1 || true
sacctmgr -i add user root Account=mavl DefaultAccount=mavl >/dev/null 2>&1 || true
slurmctld </dev/null >/dev/null 2>&1
slurmd </dev/null >/dev/null 2>&1
for _ in $(seq 60); do
  sinfo -h -o %T 2>/dev/null | grep -qE '^idle' && break
  scontrol update nodename="$host" state=resume >/dev/null 2>&1 || true
  sleep 1
done
sinfo -h -o %T | grep -qE '^idle' || { log "the node did not come up; see $state/*.log"; exit 1; }
log "cluster mavl up: node $host, $cpus CPUs, ${mem} MB, partition main, account mavl"
echo "export SLURM_CONF=$conf"
