import { type QuSaveReq, QuType } from '@exam/contracts';

type Draft = Omit<QuSaveReq, 'repoId'>;
type ChoiceType = typeof QuType.SINGLE | typeof QuType.MULTIPLE | typeof QuType.JUDGE;
const choice =
  (quType: ChoiceType) =>
  (content: string, options: string[], right: number[], analysis = ''): Draft => ({
    quType,
    content: `<p>${content}</p>`,
    analysis: analysis ? `<p>${analysis}</p>` : '',
    answerList: options.map((o, i) => ({ content: o, isRight: right.includes(i) })),
  });
const single = choice(QuType.SINGLE);
const multiple = choice(QuType.MULTIPLE);
const judge = (content: string, right: boolean, analysis = '') =>
  choice(QuType.JUDGE)(content, ['正确', '错误'], [right ? 0 : 1], analysis);
const short = (content: string, ref: string, keywords: string): Draft => ({
  quType: QuType.SHORT,
  content: `<p>${content}</p>`,
  refAnswer: `<p>${ref}</p>`,
  keywords,
  analysis: `<p>参考要点：${keywords.replaceAll('||', '、')}</p>`,
});
const fill = (content: string, blanks: string[]): Draft => ({
  quType: QuType.FILL,
  content: `<p>${content}</p>`,
  answerList: blanks.map((answer) => ({ answer })),
});
const match = (content: string, pairs: [string, string][]): Draft => ({
  quType: QuType.MATCH,
  content: `<p>${content}</p>`,
  answerList: pairs.map(([l, r]) => ({ content: l, answer: r })),
});
const scale = (
  quType: typeof QuType.SCALE | typeof QuType.SCORE_SINGLE | typeof QuType.SCORE_MULTI,
  content: string,
  options: [string, number][],
): Draft => ({
  quType,
  content: `<p>${content}</p>`,
  answerList: options.map(([o, score]) => ({ content: o, score })),
});

/** Demo questions of every type for the two demo banks (the exam issue draws papers from them). */
export const DEMO_QUESTIONS: Record<string, Draft[]> = {
  'r-demo-1': [
    single(
      '我国安全生产工作的方针是什么？',
      ['安全第一、预防为主、综合治理', '质量第一、效益优先', '以人为本、全面发展', '生产优先、兼顾安全'],
      [0],
      '《安全生产法》第三条规定了该方针。',
    ),
    single('发现火灾时首先应当拨打的电话是？', ['110', '119', '120', '122'], [1], '119 是火警电话。'),
    single(
      '干粉灭火器使用时应对准火焰的哪个部位？',
      ['顶部', '中部', '根部', '任意部位'],
      [2],
      '对准火焰根部喷射才能有效灭火。',
    ),
    multiple(
      '下列属于个人防护用品的有？',
      ['安全帽', '防护眼镜', '绝缘手套', '办公桌'],
      [0, 1, 2],
      '办公桌不是防护用品。',
    ),
    multiple(
      '发生触电事故时，正确的做法有？',
      ['立即切断电源', '用干燥木棍挑开电线', '直接用手拉开触电者', '拨打急救电话'],
      [0, 1, 3],
    ),
    judge('电气设备着火时可以直接用水扑救。', false, '带电设备着火应先断电，并使用干粉或二氧化碳灭火器。'),
    judge('新员工上岗前必须接受安全生产教育和培训。', true),
    judge('安全出口可以临时堆放少量杂物。', false, '安全出口必须保持畅通。'),
    short(
      '简述生产经营单位从业人员的安全生产权利。',
      '知情权、建议权、批评检举控告权、拒绝违章指挥权、紧急避险权等。',
      '知情||拒绝||紧急避险',
    ),
    short(
      '简述发生火灾时的逃生要点。',
      '保持冷静，用湿毛巾捂住口鼻，低姿沿安全通道撤离，不乘电梯。',
      '湿毛巾||低姿||电梯',
    ),
    fill('我国的火警电话是____，急救电话是____。', ['119', '120']),
    fill('安全生产“三违”是指违章指挥、违章作业和违反____。', ['劳动纪律||劳动纪律行为']),
    match('将标志颜色与含义连线。', [
      ['红色', '禁止'],
      ['黄色', '警告'],
      ['蓝色', '指令'],
      ['绿色', '安全'],
    ]),
    scale(QuType.SCALE, '您对本单位安全培训的满意程度是？', [
      ['非常满意', 5],
      ['满意', 4],
      ['一般', 3],
      ['不满意', 1],
    ]),
    scale(QuType.SCORE_SINGLE, '您每月参加安全演练的次数是？', [
      ['0 次', 0],
      ['1 次', 2],
      ['2 次及以上', 4],
    ]),
    scale(QuType.SCORE_MULTI, '您掌握的应急技能有（可多选）？', [
      ['心肺复苏', 3],
      ['灭火器使用', 2],
      ['止血包扎', 2],
    ]),
    {
      quType: QuType.COMPOSITE,
      content: '<p>阅读材料：某车间员工未佩戴安全帽进入施工区域，被坠落物砸伤。回答下列问题。</p>',
      analysis: '<p>进入施工区域必须正确佩戴安全帽。</p>',
      subList: [
        single('该事故的直接原因是？', ['未佩戴安全帽', '天气原因', '设备老化'], [0]),
        judge('进入施工区域必须正确佩戴安全帽。', true),
        fill('安全帽的作用是防止____伤害。', ['物体打击||坠落物']),
      ],
    },
  ],
  'r-demo-2': [
    single('计算机的中央处理器简称是？', ['CPU', 'GPU', 'RAM', 'ROM'], [0], 'CPU 即 Central Processing Unit。'),
    single('1 KB 等于多少字节？', ['1000', '1024', '512', '2048'], [1]),
    single('下列哪个是操作系统？', ['Word', 'Linux', 'Excel', 'Chrome'], [1]),
    multiple('下列属于输入设备的有？', ['键盘', '鼠标', '显示器', '扫描仪'], [0, 1, 3], '显示器是输出设备。'),
    multiple('下列属于常见网络协议的有？', ['HTTP', 'TCP', 'JPEG', 'IP'], [0, 1, 3]),
    judge('内存中的数据在断电后会丢失。', true, 'RAM 是易失性存储器。'),
    judge('二进制数 10 等于十进制数 10。', false, '二进制 10 等于十进制 2。'),
    judge('防火墙可以完全阻止所有网络攻击。', false),
    short('简述计算机病毒的主要特征。', '传染性、破坏性、隐蔽性、潜伏性、可触发性。', '传染||破坏||隐蔽'),
    short(
      '简述如何设置一个安全的密码。',
      '长度足够，包含大小写字母、数字和特殊字符，不使用生日等个人信息，定期更换。',
      '长度||特殊字符||定期',
    ),
    fill('计算机中最小的数据单位是____，基本存储单位是____。', ['位||bit||比特', '字节||Byte']),
    fill('HTTP 的默认端口号是____。', ['80']),
    match('将文件扩展名与类型连线。', [
      ['.docx', '文档'],
      ['.mp3', '音频'],
      ['.jpg', '图片'],
    ]),
    scale(QuType.SCALE, '您对计算机操作的熟练程度是？', [
      ['非常熟练', 5],
      ['比较熟练', 3],
      ['不熟练', 1],
    ]),
    scale(QuType.SCORE_SINGLE, '您每天使用电脑的时长是？', [
      ['少于 1 小时', 1],
      ['1 到 4 小时', 3],
      ['4 小时以上', 5],
    ]),
    scale(QuType.SCORE_MULTI, '您常用的办公软件有（可多选）？', [
      ['文字处理', 1],
      ['电子表格', 2],
      ['演示文稿', 1],
    ]),
    {
      quType: QuType.COMPOSITE,
      content: '<p>阅读材料：小王的电脑开机后运行缓慢，并频繁弹出广告窗口。回答下列问题。</p>',
      subList: [
        single('最可能的原因是？', ['感染恶意软件', '显示器损坏', '键盘故障'], [0]),
        multiple('可采取的措施有？', ['全盘查杀病毒', '卸载可疑软件', '拔掉网线永不上网'], [0, 1]),
        short('请说明日常如何预防此类问题。', '安装杀毒软件并及时更新，不下载来历不明的软件。', '杀毒||更新'),
      ],
    },
  ],
};
