/** Age of the latest capture in words: seconds, minutes or hours ago. */
export const ageText = (sec: number | null) =>
  sec === null
    ? '暂无抓拍'
    : sec < 60
      ? `${sec}秒前`
      : sec < 3600
        ? `${Math.floor(sec / 60)}分钟前`
        : `${Math.floor(sec / 3600)}小时前`;
