// The words of updates (the settings screen's section and the strip that offers a new version),
// in English and Japanese, read through `ui.words(UPDATES)`.
import type { Words } from "../i18n";
import type { UpdateDto } from "../ipc";

export const EN_UPDATES = {
  title: "Updates",
  said: (u: UpdateDto): string => {
    switch (u.state) {
      case "off":
        return u.locked
          ? "Updates are turned off by your IT department."
          : "Updates are turned off on this computer (updates.enabled or RP_UPDATES).";
      case "notSetUp":
        return "Updates are not set up on this computer: your IT department installs new versions.";
      case "current":
        return `This is the newest version (${u.version}).`;
      case "available":
        return `Version ${u.version} is available (you have ${u.current}).`;
    }
  },
  checking: "Looking for updates…",
  checkAgain: "Look again",
  install: "Install and restart",
  installing: "Downloading and installing… the app restarts when done.",
  proven: "It is installed only when signed by your IT department's key.",
  later: "Later",
};

const JA_UPDATES: typeof EN_UPDATES = {
  title: "更新",
  said: (u) => {
    switch (u.state) {
      case "off":
        return u.locked
          ? "更新は IT 担当者によって無効にされています。"
          : "このコンピューターでは更新が無効です（updates.enabled または RP_UPDATES）。";
      case "notSetUp":
        return "このコンピューターでは更新が設定されていません。新しいバージョンは IT 担当者がインストールします。";
      case "current":
        return `最新のバージョン（${u.version}）です。`;
      case "available":
        return `バージョン ${u.version} を利用できます（現在は ${u.current}）。`;
    }
  },
  checking: "更新を確認しています…",
  checkAgain: "もう一度確認",
  install: "インストールして再起動",
  installing: "ダウンロードしてインストールしています…完了するとアプリが再起動します。",
  proven: "IT 担当者の鍵で署名されている場合だけインストールされます。",
  later: "後で",
};

/** These words in each language: `ui.words(UPDATES)`. */
export const UPDATES: Words<typeof EN_UPDATES> = { en: EN_UPDATES, ja: JA_UPDATES };
